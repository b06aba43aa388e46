import { getConfig } from '../../lib/config';
import { httpEndpoint } from '../../lib/http/endpoint';
import { reportLinkOf, reportLinkSettings } from '../../lib/reports/report-link';
import { secretOf } from '../../lib/secrets';
import { defaultDb } from '../../lib/store/client';
import { getTranscriptView } from '../../lib/transcripts/transcript-view';
import { getTranscript as route } from '../../lib/routes/transcripts/get-transcript';
import { ok } from '../../lib/http/http-result';
import type { Transcript } from '../../lib/store/transcripts';

const db = defaultDb();
const config = getConfig();
const reportLinkSecret = secretOf('REPORT_LINK_SECRET', config);

export const handler = httpEndpoint({
  route,
  handle: async ({ workspaceId, pathParameters, query, now }) => {
    const reportLinks = reportLinkSettings(config, await reportLinkSecret());
    const reportLink = (transcript: Transcript) => reportLinkOf(reportLinks, transcript, now);
    return ok(await getTranscriptView(db, workspaceId, pathParameters.call_id, reportLink, query));
  },
});
