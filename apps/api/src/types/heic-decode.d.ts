/** heic-decode 2.x (libheif compiled to WebAssembly): the first image of a HEIC file as RGBA pixels. The API runs it on a thread of its own (heic-decoder.ts, by path); its test compares with it. */
declare module 'heic-decode' {
  interface DecodedImage {
    width: number;
    height: number;
    /** width x height x 4 bytes: red, green, blue, alpha. */
    data: Uint8ClampedArray;
  }
  function decode(options: { buffer: Buffer | ArrayBufferLike }): Promise<DecodedImage>;
  export = decode;
}
