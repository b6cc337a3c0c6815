// Loaded into each Node process of a dev server under test (NODE_OPTIONS="--import …"): in the image
// encoder's alone (engine/media/image-encoder.mjs), it holds the encoder's start while the file ENCODER_GATE
// names exists, so a test sees deterministically what the dev server does while a card is being drawn.
// The build's requests wait in the encoder's channel meanwhile. Every other process goes on at once.
import { existsSync } from "node:fs";

const gate = process.env.ENCODER_GATE;
if (gate && process.argv[1]?.endsWith("image-encoder.mjs")) {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  while (existsSync(gate)) Atomics.wait(pause, 0, 0, 10);
}
