/** The kinds of action an account makes on the network, each with its own limits. */
export type ActionKind = 'reaction' | 'comment' | 'invitation' | 'message';
export const actionKinds: readonly ActionKind[] = ['reaction', 'comment', 'invitation', 'message'];
