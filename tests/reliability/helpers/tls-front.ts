/**
 * A TLS front for PostgreSQL, for tests: it answers the client's SSLRequest with `S`, completes the TLS handshake
 * with a self-signed certificate for localhost, and forwards the decrypted stream to a plain PostgreSQL. So the
 * client's TLS path (hosted Supabase requires TLS) runs against a server that has TLS off, as CI's has.
 * `handshakes` counts the TLS sessions it completed.
 *
 * The key below is a throwaway made for this test only (self-signed, CN=localhost); it protects nothing.
 */
import { Buffer } from "node:buffer";
import net from "node:net";
import tls from "node:tls";

const TEST_ONLY_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg9G6xdTnc8Ltph1c2
ovV91YssYM0hzMS24z5EpOfpGeGhRANCAAQqgWTxY007DO9rx9FYGrm+ufQ8THjh
OLCFqu9QRt1JPsAB4s580F6eHU2tcvYHBXF+nF1WF6Lufh9sv6kWUqcV
-----END PRIVATE KEY-----`;
const TEST_ONLY_CERT = `-----BEGIN CERTIFICATE-----
MIIBnDCCAUGgAwIBAgIUHm7mBHlp6dZ5YaZlbyWlGyBHZCswCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJbG9jYWxob3N0MCAXDTI2MTEyMTIzNDMzOVoYDzIxMjYxMDI4
MjM0MzM5WjAUMRIwEAYDVQQDDAlsb2NhbGhvc3QwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAAQqgWTxY007DO9rx9FYGrm+ufQ8THjhOLCFqu9QRt1JPsAB4s580F6e
HU2tcvYHBXF+nF1WF6Lufh9sv6kWUqcVo28wbTAdBgNVHQ4EFgQULZz5VG1fyD5e
fsnS1dyoSLMOH/wwHwYDVR0jBBgwFoAULZz5VG1fyD5efsnS1dyoSLMOH/wwDwYD
VR0TAQH/BAUwAwEB/zAaBgNVHREEEzARgglsb2NhbGhvc3SHBH8AAAEwCgYIKoZI
zj0EAwIDSQAwRgIhAJkhsgT4nynA6+A5OUdKIKwLEn3uvS9R9+vSl2xmfdniAiEA
yDek96zt47LL7u5JcGBnv55I/rGJj4BoeZlpOH+rcNU=
-----END CERTIFICATE-----`;

/** PostgreSQL's SSLRequest code (protocol 1234.5679). */
const SSL_REQUEST = 80877103;

export interface TlsFront {
  readonly port: number;
  readonly handshakes: number;
  close(): Promise<void>;
}

export async function startTlsFront(target: { hostname: string; port: number }): Promise<TlsFront> {
  let handshakes = 0;
  const sockets = new Set<net.Socket | tls.TLSSocket>();
  const track = <T extends net.Socket | tls.TLSSocket>(socket: T): T => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
    return socket;
  };
  const server = net.createServer((client) => {
    track(client);
    client.once("data", (first: Buffer) => {
      if (first.length !== 8 || first.readInt32BE(4) !== SSL_REQUEST) {
        client.destroy(); // this front speaks TLS only
        return;
      }
      client.pause();
      client.write(Buffer.from("S"));
      const secure = track(new tls.TLSSocket(client, { isServer: true, key: TEST_ONLY_KEY, cert: TEST_ONLY_CERT }));
      const upstream = track(net.connect(target.port, target.hostname));
      secure.once("secure", () => handshakes++);
      const closeAll = () => {
        secure.destroy();
        upstream.destroy();
        client.destroy();
      };
      for (const socket of [secure, upstream, client]) {
        socket.on("error", closeAll);
        socket.once("close", closeAll);
      }
      secure.pipe(upstream);
      upstream.pipe(secure);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    get handshakes() {
      return handshakes;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
