/** The messages of one part of the template, by path below it ('' for the part itself). */
export type ErrorScope = {
  at: (suffix?: string) => string | undefined;
  scope: (suffix: string) => ErrorScope;
};

/** Messages keyed by dotted path ('definition.sections.0.title') seen from `prefix`. */
export function errorScope(errors: Record<string, string>, prefix: string): ErrorScope {
  const join = (suffix: string) => (suffix === '' ? prefix : prefix === '' ? suffix : `${prefix}.${suffix}`);
  return {
    at: (suffix = '') => errors[join(suffix)],
    scope: (suffix) => errorScope(errors, join(suffix)),
  };
}

/** The paths an input (or a list's heading) shows its message at; the rest go to the banner. */
const question = String.raw`questions(\.\d+(\.(key|text|type|weight|options(\.\d+\.(value|label|score))?|scale(\.(min|max|min_label|max_label))?|number(\.(min|max|unit))?))?)?`;
const placed = new RegExp(String.raw`^(name|description|definition\.sections(\.\d+(\.(key|title|description|${question}))?)?)$`);

/** Messages no input shows (the definition as a whole, a server detail): said in the banner instead. */
export const unplacedMessages = (errors: Record<string, string>) => [
  ...new Set(
    Object.entries(errors)
      .filter(([path]) => !placed.test(path))
      .map(([, message]) => message),
  ),
];
