import type { PosClient } from '../../client/http.js';

/** What every console screen is given. */
export interface ScreenProps {
  client: PosClient;
  width: number;
  height: number;
  /** The screen on show: it takes the keys and reads its data again. */
  active: boolean;
  /** Told whether the screen takes every key now (a form, a question): the number keys do not switch screens then. */
  onCapture(capturing: boolean): void;
}
