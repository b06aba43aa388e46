import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

/** What a use case answers; the pipeline turns it into an API Gateway result. */
export interface HttpResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type LambdaHttpResult = APIGatewayProxyStructuredResultV2 & { statusCode: number; headers: Record<string, string> };

export function toLambdaResult(result: HttpResult, contentType = 'application/json'): LambdaHttpResult {
  const hasBody = result.body !== undefined;
  return {
    statusCode: result.status,
    headers: { ...(hasBody ? { 'content-type': contentType } : {}), 'cache-control': 'no-store', ...result.headers },
    body: hasBody ? JSON.stringify(result.body) : '',
  };
}
