// CRC-32 (IEEE 802.3, the zlib/PNG polynomial), over the UTF-8 bytes of a string.
// Our own table so results files check the same on any Node version.

const TABLE: Uint32Array = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

/**
 * CRC-32 of a string's UTF-8 bytes (or of raw bytes), as an unsigned 32-bit integer.
 * @example crc32('123456789') // 0xcbf43926
 * @since 0.1.0
 */
export function crc32(input: string | Uint8Array): number {
  const bytes = typeof input === 'string' ? Buffer.from(input, 'utf8') : input;
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** CRC-32 as 8 lower-case hex digits. @since 0.1.0 */
export function crc32Hex(input: string | Uint8Array): string {
  return crc32(input).toString(16).padStart(8, '0');
}
