import { unknownRouteHandler } from '../../lib/http/not-found';
import { knownRoutes } from '../../lib/openapi/generated/known-routes';

export const handler = unknownRouteHandler(knownRoutes);
