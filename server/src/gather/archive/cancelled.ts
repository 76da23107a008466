/**
 * The extraction was cancelled through its signal; what was written is the caller's to remove.
 * A file of its own: front ends test for it without loading the extraction (and the tar, zip
 * and xz libraries it starts).
 */
export class ExtractionCancelled extends Error {
  override readonly name = 'ExtractionCancelled';
  constructor(label: string) {
    super(`extraction of ${label} was cancelled`);
  }
}
