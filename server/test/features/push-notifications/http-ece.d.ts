/** http_ece ships no types: the one call the tests make, as its source (ece.js) defines it. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  interface DecryptParams {
    version: 'aes128gcm';
    /** The receiver's key pair; the sender's public key comes from the body's header. */
    privateKey: ECDH;
    /** The receiver's auth secret, base64url or bytes. */
    authSecret: string | Buffer;
  }

  const ece: { decrypt(buffer: Buffer, params: DecryptParams): Buffer };
  export default ece;
}
