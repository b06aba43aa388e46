/**
 * The kinds of touch an account makes on the network, each with its own limits and spacing: the
 * writes (a post among them), and the profile visit that a connection request or a DM opens with.
 */
export type ActionKind = 'reaction' | 'comment' | 'invitation' | 'message' | 'visit' | 'post';
export const actionKinds: readonly ActionKind[] = ['reaction', 'comment', 'invitation', 'message', 'visit', 'post'];
