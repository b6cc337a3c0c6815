// Debian's nginx serving a built site with the snippet the build generated, on 127.0.0.1.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { NGINX_SNIPPET } from "../../engine/outputs/hosts/nginx.ts";
import { freePort } from "./ports.ts";

export const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";

export function nginxPath(): string {
  if (!existsSync(NGINX)) throw new Error(`No nginx at ${NGINX}: run \`apt-get install -y nginx\` (Debian/Ubuntu) or set NGINX_PATH.`);
  return NGINX;
}

export interface RunningNginx {
  origin: string;
  stop: () => Promise<void>;
}

/** One nginx in the foreground, as this user, with its own prefix: nothing of the system's is touched. */
export async function startNginx(siteDir: string, hostsDir: string): Promise<RunningNginx> {
  const prefix = mkdtempSync(join(tmpdir(), "cedarline-nginx-"));
  const port = await freePort();
  const config = `
daemon off;
master_process off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 64; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  server {
    listen 127.0.0.1:${port};
    root ${resolve(siteDir)};
    include ${resolve(hostsDir, "nginx", NGINX_SNIPPET)};
  }
}
`;
  writeFileSync(join(prefix, "nginx.conf"), config);
  const child: ChildProcess = spawn(nginxPath(), ["-p", prefix, "-e", join(prefix, "error.log"), "-c", join(prefix, "nginx.conf")], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}): ${stderr}`);
    const up = await fetch(origin, { method: "HEAD" }).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (attempt > 100) throw new Error(`nginx did not answer on ${origin}: ${stderr}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    origin,
    stop: () =>
      new Promise((done) => {
        child.once("exit", () => {
          rmSync(prefix, { recursive: true, force: true });
          done();
        });
        child.kill("SIGTERM");
      }),
  };
}
