import type { IdeaKind } from '../../transcripts/model/analysis';

/** The kinds of idea themes are made of: what buyers raise, not what a call produced for posts. */
export const themeKinds = ['objection', 'customer_question', 'pain_point', 'competitor'] as const satisfies readonly IdeaKind[];
export type ThemeKind = (typeof themeKinds)[number];

/** A theme across calls: its key (stable, what counts are kept by) and its words for people. */
export interface Theme {
  key: string;
  label: string;
}

/** One theme a call raised, with its best quote. */
export interface CallTheme extends Theme {
  kind: ThemeKind;
  quote: string;
  score: number;
}
