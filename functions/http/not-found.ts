import { answerUnknownRoute } from '../../lib/http/not-found';

export const handler = answerUnknownRoute;
