import type { Metrics } from './model/analysis';
import { WORDS_PER_MINUTE } from './transcript-metrics';

/** How the metrics of a call are to be read where that may surprise: timestamps that cover only part of it. */
export function metricsWarnings(metrics: Pick<Metrics, 'durationSource' | 'timedShare'>): string[] {
  if (metrics.durationSource !== 'partial_timestamps') return [];
  const percent = Math.round(metrics.timedShare * 1000) / 10;
  return [
    `Timestamps cover only part of the call (${percent}% of its words: timedShare). durationSeconds is their span plus the untimed words ` +
      `before or after it at ${WORDS_PER_MINUTE} words a minute (durationSource partial_timestamps), and shares are of words (shareBasis words).`,
  ];
}
