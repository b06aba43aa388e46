/** One speaker's turn read from plaintext: its speaker when a line named one, its time when a line gave one. */
export interface Turn {
  speaker?: string;
  text: string;
  /** Seconds from the start of the call. */
  start?: number;
}

/** `hh:mm:ss`, `h:mm:ss` or `mm:ss`, with optional milliseconds (`.123` or `,123`). */
const TIME = String.raw`\d{1,3}(?::\d{2}){1,2}(?:[.,]\d{1,3})?`;
/** A timestamp in brackets or parentheses, or bare; a bare one counts only before a speaker or alone on its line. */
const LEADING_TIME = new RegExp(String.raw`^(?:\[(${TIME})\]|\((${TIME})\)|(${TIME})(?=\s|$))\s*(?:[-–—|]\s+)?`);
/** `Name (00:01:02): text` or `Name [00:01:02]: text`, and the same without text (a header line). */
const NAME_THEN_TIME = new RegExp(String.raw`^([^:()[\]]{1,60}?)\s*(?:\((${TIME})\)|\[(${TIME})\])\s*(?::\s*(.*))?$`);
/** `Name: text`, or `Name:` alone; the colon must be followed by a space so `10:30` or `https://` is not a speaker. */
const NAME_THEN_COLON = /^([^:]{1,60}?)\s*:(?:\s+(.*))?$/;

/** Prefixes that name a part of a text rather than a person: `Note: …`, `Action items: …`. */
const NOT_SPEAKERS = new Set([
  'action item',
  'action items',
  'agenda',
  'also',
  'answer',
  'attendees',
  'background',
  'bcc',
  'bottom line',
  'budget',
  'caveat',
  'caution',
  'cc',
  'comment',
  'comments',
  'conclusion',
  'context',
  'correction',
  'cost',
  'date',
  'deadline',
  'decision',
  'decisions',
  'disclaimer',
  'edit',
  'email',
  'example',
  'feedback',
  'follow up',
  'follow-up',
  'fw',
  'fwd',
  'fyi',
  'goal',
  'goals',
  'hello',
  'hi',
  'highlights',
  'hint',
  'http',
  'https',
  'important',
  'issue',
  'issues',
  'key takeaway',
  'key takeaways',
  'link',
  'location',
  'meeting',
  'nb',
  'next step',
  'next steps',
  'no',
  'note',
  'notes',
  'note to self',
  'objective',
  'objectives',
  'ok',
  'okay',
  'outcome',
  'overview',
  'owner',
  'participants',
  'phone',
  'pps',
  'price',
  'pricing',
  'problem',
  'pros',
  'cons',
  'ps',
  'q',
  'a',
  'question',
  'questions',
  'quote',
  're',
  'recap',
  'recording',
  'reminder',
  'reply',
  'requirements',
  'response',
  'result',
  'results',
  'risk',
  'risks',
  'solution',
  'source',
  'status',
  'subject',
  'summary',
  'takeaway',
  'takeaways',
  'tel',
  'thanks',
  'time',
  'timeline',
  'tip',
  'title',
  'to do',
  'todo',
  'topic',
  'transcript',
  'update',
  'url',
  'warning',
  'well',
  'yes',
  'www',
]);
/** `Step 2: …`, `Q1: …`: a numbered part of a text. */
const NUMBERED_PART =
  /^(?:step|option|item|point|part|question|answer|q|a|phase|day|week|slide|page|section|chapter|round|version|v)\s*\d+$/i;
/** Lower-case words that belong inside a name (`Ludwig van Beethoven`). */
const NAME_PARTICLES = new Set([
  'al',
  'bin',
  'da',
  'das',
  'de',
  'del',
  'della',
  'den',
  'der',
  'di',
  'dos',
  'du',
  'el',
  'la',
  'le',
  'st',
  'ten',
  'ter',
  'van',
  'von',
  'y',
]);
/** A word of a name: letters (with `'`, `’` or `-` inside), digits (`Speaker 2`), or an initial or title with its dot (`J.`, `Dr.`). */
const NAME_WORD = /^(?:[\p{L}\p{M}\p{N}]+(?:['’-][\p{L}\p{M}\p{N}]+)*|(?:\p{L}\.){1,3}|\p{L}{2,4}\.)$/u;

/**
 * Whether a line's prefix is a speaker's name: 1–5 words, at most 60 characters, starting with a
 * capital letter (or a letter of a script without case), each further word capitalised, a number
 * or a name particle, no sentence punctuation, and not a word that heads a part of a text
 * (`Note`, `Agenda`, `Action items`, `Step 2`). Conservative on purpose: a missed speaker leaves a
 * line in the previous turn, a false one invents a person.
 */
export function looksLikeSpeakerName(prefix: string): boolean {
  const name = prefix.trim();
  if (name.length === 0 || name.length > 60) return false;
  const words = name.split(/\s+/);
  if (words.length > 5 || !words.every((word) => NAME_WORD.test(word))) return false;
  const folded = name.toLowerCase().replace(/\./g, '');
  if (NOT_SPEAKERS.has(folded) || NUMBERED_PART.test(folded)) return false;
  return words.every((word, index) => startsCapitalised(word) || (index > 0 && (/^\p{N}/u.test(word) || NAME_PARTICLES.has(word))));
}

function startsCapitalised(word: string): boolean {
  const first = word.charAt(0);
  if (!/\p{L}/u.test(first)) return false;
  return first === first.toUpperCase();
}

/** Seconds of `hh:mm:ss`, `mm:ss` (and a fraction). */
export function parseTime(time: string): number {
  const parts = time.replace(',', '.').split(':').map(Number);
  return parts.reduce((seconds, part) => seconds * 60 + part, 0);
}

/** What one line says: its time, its speaker, its text; all optional. */
interface Line {
  start?: number;
  speaker?: string;
  text: string;
}

/** Reads one trimmed, non-blank line. */
function readLine(line: string): Line {
  let rest = line;
  let start: number | undefined;
  let bareTime = false;
  const leading = LEADING_TIME.exec(rest);
  if (leading) {
    const time = leading[1] ?? leading[2] ?? (leading[3] as string);
    bareTime = leading[3] !== undefined;
    start = parseTime(time);
    rest = rest.slice(leading[0].length);
  }
  const named = readSpeakerPrefix(rest, start === undefined);
  if (named) return { start: start ?? named.start, speaker: named.speaker, text: named.text };
  // A bare `10:30 works for me` is words, not a timestamp; alone on its line it is one.
  if (bareTime && rest !== '') return { text: line };
  return start === undefined ? { text: line } : { start, text: rest };
}

function readSpeakerPrefix(rest: string, timeAllowed: boolean): { speaker: string; text: string; start?: number } | undefined {
  const withTime = timeAllowed ? NAME_THEN_TIME.exec(rest) : null;
  if (withTime && looksLikeSpeakerName(withTime[1] as string)) {
    return {
      speaker: normaliseName(withTime[1] as string),
      text: (withTime[4] ?? '').trim(),
      start: parseTime((withTime[2] ?? withTime[3]) as string),
    };
  }
  const withColon = NAME_THEN_COLON.exec(rest);
  if (withColon && looksLikeSpeakerName(withColon[1] as string)) {
    return { speaker: normaliseName(withColon[1] as string), text: (withColon[2] ?? '').trim() };
  }
  return undefined;
}

function normaliseName(name: string): string {
  return name.trim().replace(/\s+/g, ' ');
}

/**
 * Splits a plaintext transcript into turns. A line that starts with a speaker (`Name: text`,
 * `[00:01:02] Name: text`, `[01:02] Name: text`, `00:01:02 Name: text`, `Name (00:01:02): text`,
 * `(00:01:02) Name: text`) starts a turn; `Name:` alone starts one whose text follows. A line
 * with a bracketed time but no speaker starts a new turn of the same speaker at that time; a
 * time alone on its line is the start of the next turn. Any other line continues the current
 * turn (joined with a space), or is a turn of an unknown speaker when there is none. Blank
 * lines separate nothing. Turns left without text are dropped.
 */
export function parseTurns(text: string): Turn[] {
  const turns: Turn[] = [];
  let pendingStart: number | undefined;
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = raw.trim();
    if (line === '') continue;
    const read = readLine(line);
    const current = turns.at(-1);
    const start = read.start ?? pendingStart;
    if (read.speaker === undefined && read.start !== undefined && read.text === '') {
      pendingStart = read.start;
    } else if (read.speaker === undefined && start === undefined && current) {
      current.text = current.text === '' ? read.text : `${current.text} ${read.text}`;
    } else {
      const speaker = read.speaker ?? current?.speaker;
      turns.push({ ...(speaker === undefined ? {} : { speaker }), text: read.text, ...(start === undefined ? {} : { start }) });
      pendingStart = undefined;
    }
  }
  return turns.filter((turn) => turn.text !== '');
}
