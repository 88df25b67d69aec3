/** An expected failure with the status and the `detail` text the client is shown. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
  ) {
    super(detail);
    this.name = 'HttpError';
  }
}

export const badRequest = (detail: string) => new HttpError(400, detail);
export const unauthorized = (detail: string) => new HttpError(401, detail);
export const notFound = (detail = 'Not found') => new HttpError(404, detail);
