/** The paths an input (or a list's heading) shows its message at; the rest go to the banner. */
const question = String.raw`questions(\.\d+(\.(key|text|type|weight|options(\.\d+\.(value|label|score))?|scale\.(min|max|min_label|max_label)|number\.(min|max|unit)))?)?`;
const placed = new RegExp(String.raw`^(name|description|definition\.sections(\.\d+(\.(key|title|description|${question}))?)?)$`);

/**
 * Whether the editor shows the message at a form path by its input (or above its list; a list's own
 * message is kept at `<list>.root`). The others (the definition as a whole, a setting no input holds,
 * a server detail) are said in the banner.
 */
export const showsOwnMessage = (path: string) => placed.test(path.replace(/\.root$/, ''));
