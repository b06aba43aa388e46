/** Where the API shows a job. */
export function jobLocation(jobId: string): string {
  return `/api/v1/jobs/${jobId}`;
}

/** Where the API shows a transcript (call ids hold only characters a path segment carries as they are). */
export function transcriptLocation(callId: string): string {
  return `/api/v1/transcript/${callId}`;
}

/** An address of this service: absolute when its public base URL is known, else the path alone. */
export function publicUrl(publicBaseUrl: string, path: string): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}${path}`;
}
