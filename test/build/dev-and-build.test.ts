// The dev server runs the build's own pipeline: after saves to each kind of input (a style, the art, a
// public file, a page, the site's settings), the dist/ it keeps is byte for byte what npm run build writes.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { after, before, test } from "node:test";
import { type DevServer, saveByRename, saveInPlace, startDevServer } from "../../commands/support/dev-server.ts";
import { copyProject, type ProjectCopy, retitled } from "../../commands/support/project-copy.ts";

let project: ProjectCopy;
let dev: DevServer;

before(async () => {
  project = copyProject();
  dev = await startDevServer(project.dir);
});

after(async () => {
  await dev?.stop();
  project?.remove();
});

const read = (file: string) => readFileSync(join(project.dir, file), "utf8");

/** Every file under a folder, dist-relative, with its bytes. */
function filesOf(dir: string): Map<string, Buffer> {
  const entries = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  return new Map(entries.map((entry) => [relative(dir, join(entry.parentPath, entry.name)), readFileSync(join(entry.parentPath, entry.name))]));
}

test("after saves to a style, the art, a public file, a page and the site's settings, dev and build write the same dist/", async () => {
  const saves: [file: string, text: string][] = [
    ["styles/_base.scss", `${read("styles/_base.scss")}\nh2 { letter-spacing: 0.01em; }\n`],
    ["art/headshot.svg", read("art/headshot.svg").replace(/fill="#[0-9a-fA-F]{3,6}"/, 'fill="#123456"')],
    ["public/favicon.svg", read("public/favicon.svg").replace("<svg", '<svg data-edited="yes"')],
    ["pages/privacy.tsx", retitled(read("pages/privacy.tsx"), "Privacy Policy, Edited")],
    ["content/site.ts", read("content/site.ts").replace("organizations that change lives.", "organizations that change lives, edited.")],
  ];
  for (const [i, [file, text]] of saves.entries()) {
    assert.notEqual(text, read(file), `the save to ${file} changes it`);
    const from = dev.output().length;
    (i % 2 ? saveInPlace : saveByRename)(project.dir, file, text);
    await dev.waitForOutput(new RegExp(`${file.replace(/[./]/g, "\\$&")}: .* in \\d+ ms`), from, 30_000);
  }
  assert.doesNotMatch(dev.output(), /build failed/);

  const built = spawnSync(process.execPath, ["--import", "tsx", "commands/build.ts"], {
    cwd: project.dir,
    encoding: "utf8",
    env: { ...process.env, OUT_DIR: "dist-build" },
  });
  assert.equal(built.status, 0, `${built.stdout}${built.stderr}`);
  const fromDev = filesOf(join(project.dir, "dist"));
  const fromBuild = filesOf(join(project.dir, "dist-build"));
  assert.deepEqual([...fromDev.keys()].sort(), [...fromBuild.keys()].sort(), "the same files");
  for (const [file, bytes] of fromBuild) assert.ok(bytes.equals(fromDev.get(file) as Buffer), `${file} differs between dev and build`);
  assert.match(fromBuild.get("privacy.html")?.toString() ?? "", /Privacy Policy, Edited/);
  assert.match(fromBuild.get("favicon.svg")?.toString() ?? "", /data-edited="yes"/);
});
