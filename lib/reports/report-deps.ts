import { getConfig } from '../config';
import { defaultDb } from '../store/client';
import { defaultS3 } from '../store/s3-client';
import type { ReportDeps } from './read-report';

/**
 * What a report page needs as deployed: built once per cold start from the configuration. The
 * link's page also needs the key its tokens are signed with (REPORT_LINK_SECRET), which its
 * handler adds: the api key's page reads no secret.
 */
export function defaultReportDeps(): ReportDeps {
  const config = getConfig();
  return { db: defaultDb(), s3: defaultS3(), bucket: config.TRANSCRIPTS_BUCKET };
}
