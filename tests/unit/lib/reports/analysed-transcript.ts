import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnalysedTranscript } from '../../../../lib/reports/read-report';
import { transcriptRequestSchema } from '../../../../lib/schemas/transcript';
import { validate } from '../../../../lib/schemas/validate';
import type { Analysis } from '../../../../lib/transcripts/model/analysis';
import { analyseEmbedded } from '../../../../lib/transcripts/embedded-analyser';
import { metricsWarnings } from '../../../../lib/transcripts/metrics-warnings';
import { normaliseTranscript } from '../../../../lib/transcripts/normalise-transcript';
import type { Segment } from '../../../../lib/transcripts/text/segment';

const fixtures = join(__dirname, '../../../fixtures/transcripts');
/** The realistic call (segment objects with word times), and the same call as plaintext lines `[hh:mm:ss] Name: text`. */
export const salesCall = JSON.parse(readFileSync(join(fixtures, 'sales-call.json'), 'utf8')) as Record<string, unknown>;
export const salesCallText = readFileSync(join(fixtures, 'sales-call.txt'), 'utf8');
export const DOMAINS = ['acme-sales.example'];

/**
 * A transcript as the store holds it once analysed by the embedded analyser, and its segments as
 * the report reads them back: the request validated, normalised and analysed as the worker does.
 * `ideas` replaces the analysis' ideas when given (a function of the segments).
 */
export function analysedTranscript(
  body: Record<string, unknown>,
  ideas?: (segments: Segment[]) => Analysis['ideas'],
): { transcript: AnalysedTranscript; segments: Segment[] } {
  const request = validate(transcriptRequestSchema, body);
  const segments = normaliseTranscript(request, DOMAINS);
  const embedded = analyseEmbedded(segments);
  const warnings = metricsWarnings(embedded.metrics);
  const analysis: Analysis = { ...embedded, ...(warnings.length ? { warnings } : {}), ...(ideas ? { ideas: ideas(segments) } : {}) };
  return {
    transcript: {
      workspaceId: 'ws_test',
      callId: request.call_id,
      title: request.title,
      callStartTime: request.call_start_time,
      url: request.url,
      participants: request.participants,
      format: request.format,
      contentHash: 'hash',
      objectKey: 'key',
      sizeBytes: 1,
      status: 'analysed',
      attempts: 1,
      createdAt: '2026-11-20T15:00:00.000Z',
      updatedAt: '2026-11-20T15:00:05.000Z',
      analysedAt: '2026-11-20T15:00:05.000Z',
      analysis,
    },
    segments,
  };
}
