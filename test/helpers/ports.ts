// A free port on 127.0.0.1, for a program the tests start that must be told its port (nginx, WebKitWebDriver).
import { createServer } from "node:net";

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}
