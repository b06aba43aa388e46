import { getConfig } from '../config';
import { secretOf } from '../secrets';
import { defaultDb } from '../store/client';
import { defaultS3 } from '../store/s3-client';
import type { ReportPageDeps } from './report-requests';

/** What the report pages need as deployed: built once per cold start from the configuration. */
export function defaultReportDeps(): ReportPageDeps {
  const config = getConfig();
  return { db: defaultDb(), s3: defaultS3(), bucket: config.TRANSCRIPTS_BUCKET, secret: secretOf('REPORT_LINK_SECRET', config) };
}
