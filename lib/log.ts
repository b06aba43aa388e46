import { Logger } from '@aws-lambda-powertools/logger';

/**
 * The structured JSON logger (service name and level come from POWERTOOLS_* variables).
 * Never log an api key: the request pipeline logs the route, status and workspace only.
 */
export const logger = new Logger();
