/** The shape a translation fills, key for key: the English texts' keys, each of them a string of any wording. */
export type DictionaryOf<T> = { [K in keyof T]: T[K] extends string ? string : DictionaryOf<T[K]> };
