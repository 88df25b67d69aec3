/** A beacon as navigator.sendBeacon was given it. */
export type SentBeacon = { url: string; type: string; body: Promise<unknown> };

/** jsdom's Blob has no text(): read it as a browser without one would. */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

/**
 * navigator.sendBeacon is a browser API jsdom lacks: a stand-in that accepts every beacon and keeps
 * it (its JSON body parsed). Remove it with `Reflect.deleteProperty(navigator, 'sendBeacon')`.
 */
export function stubSendBeacon(): SentBeacon[] {
  const sent: SentBeacon[] = [];
  const sendBeacon = (url: string, body: Blob) =>
    sent.push({ url, type: body.type, body: textOf(body).then((text) => JSON.parse(text) as unknown) }) > 0;
  Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: sendBeacon });
  return sent;
}
