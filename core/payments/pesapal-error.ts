/** A failed Pesapal call: `code` is Pesapal's error code (or ours: "network_error", "invalid_response", ...). */
export class PesapalError extends Error {
  readonly code: string;
  readonly httpStatus: number | null;
  constructor(code: string, message: string, httpStatus: number | null) {
    super(message);
    this.name = "PesapalError";
    this.code = code;
    this.httpStatus = httpStatus;
  }
}
