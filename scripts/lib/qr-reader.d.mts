/** Types of qr-reader.mjs for its TypeScript callers (the poster's HTTP test and browser journey). */
export declare function readQrFromPdf(pdf: Buffer): string;
