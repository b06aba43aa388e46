import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

/** What a use case answers; the pipeline turns it into an API Gateway result. */
export interface HttpResult {
  status: number;
  /** A JSON body. */
  body?: unknown;
  /** A body sent as is (an HTML page); its content-type goes in `headers`. */
  text?: string;
  headers?: Record<string, string>;
}

export type LambdaHttpResult = APIGatewayProxyStructuredResultV2 & { statusCode: number; headers: Record<string, string> };

export function toLambdaResult(result: HttpResult, contentType = 'application/json'): LambdaHttpResult {
  const hasBody = result.body !== undefined || result.text !== undefined;
  return {
    statusCode: result.status,
    headers: { ...(hasBody ? { 'content-type': contentType } : {}), 'cache-control': 'no-store', ...result.headers },
    body: result.text ?? (result.body !== undefined ? JSON.stringify(result.body) : ''),
  };
}
