/** Where the API shows a job. */
export function jobLocation(jobId: string): string {
  return `/api/v1/jobs/${jobId}`;
}

/** An address of this service: absolute when its public base URL is known, else the path alone. */
export function publicUrl(publicBaseUrl: string, path: string): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}${path}`;
}
