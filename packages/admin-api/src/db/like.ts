/** A LIKE pattern matching `text` anywhere, literally (its `%`, `_` and `\` escaped), in lower case. */
export const likeAnywhere = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
