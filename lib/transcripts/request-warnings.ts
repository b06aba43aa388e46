import type { TranscriptRequest } from '../schemas/transcript';
import { sideOfSpeakerType } from './speaker-sides';

/** Unrecognised `speaker.type` values a warning names; it counts the others. */
export const MAX_NAMED_SPEAKER_TYPES = 10;

/**
 * How a transcript request will be read where that may surprise, told from the request alone:
 * cheap enough for the add endpoint to answer with (one pass over the elements, no text read).
 * Today: the `speaker.type` values that state no side, in one warning, each named once.
 */
export function requestWarnings(request: Pick<TranscriptRequest, 'transcript'>): string[] {
  if (typeof request.transcript === 'string') return [];
  const unrecognised = new Set<string>();
  for (const element of request.transcript) {
    const type = typeof element === 'string' ? undefined : element.speaker.type;
    if (type !== undefined && sideOfSpeakerType(type) === undefined) unrecognised.add(type);
  }
  if (unrecognised.size === 0) return [];
  const named = [...unrecognised].slice(0, MAX_NAMED_SPEAKER_TYPES).map((type) => JSON.stringify(type));
  const more = unrecognised.size - named.length;
  const one = unrecognised.size === 1;
  const list = `${named.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
  return [
    `speaker.type ${list} ${one ? 'is' : 'are'} neither internal nor external, so ${one ? 'it states' : 'they state'} no side: ` +
      "those speakers' sides are told from their email and the participants, else they are unknown.",
  ];
}
