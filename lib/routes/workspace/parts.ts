/** What the workspace routes' definitions share: their words on a parameter or an answer. */
export const tag = 'Workspace';
