import type { Analysis } from '../transcripts/model/analysis';
import { themeKinds, type CallTheme, type ThemeKind } from './model/theme';
import { themeOf } from './theme-of';

/** Themes a call counts for at most: bounds the writes one analysis adds to its transaction. */
export const MAX_THEMES_PER_CALL = 24;
/** A theme's quote as counted: enough to read, short enough that a busy day's theme stays a small item. */
const QUOTE_CHARS = 280;

/**
 * The themes a call raised: each (kind, theme) once, with the best-scored idea's quote, best
 * first, at most `MAX_THEMES_PER_CALL`. Every idea counts, not only the best ones offered as posts:
 * a theme across calls is about what buyers said, not what makes a post.
 */
export function callThemes(analysis: Pick<Analysis, 'ideas'>): CallTheme[] {
  const themes = new Map<string, CallTheme>();
  const kinds: ReadonlySet<string> = new Set(themeKinds);
  for (const idea of analysis.ideas) {
    if (!kinds.has(idea.kind)) continue;
    const kind = idea.kind as ThemeKind;
    const theme = themeOf(kind, idea);
    const id = `${kind}#${theme.key}`;
    const quote = (idea.evidence[0]?.quote ?? '').slice(0, QUOTE_CHARS);
    const known = themes.get(id);
    if (!known || idea.score > known.score) themes.set(id, { kind, key: theme.key, label: theme.label, quote, score: idea.score });
  }
  return [...themes.values()].sort((a, b) => b.score - a.score).slice(0, MAX_THEMES_PER_CALL);
}
