// The vectors the SQL derivation and the CLI are tested against (tests/fixtures), read as text:
// the app's TypeScript project does not resolve JSON modules.
import vectorsText from '../../../../tests/fixtures/draw-vectors.json?raw';

export interface DrawVector {
  label: string;
  seed: string;
  date: string;
  hour: number;
  commitment: string;
  steps: { message: string; value: number }[];
  prize: string;
}

export const drawVectors = (JSON.parse(vectorsText) as { vectors: DrawVector[] }).vectors;
