/*
 * Intl's formatters, made once per locale and options. Building one costs far more than using it (a list of 28
 * game cards built about 170 of them, 70 ms of a phone's first render), and the options in use are few.
 */
function cachedBy<Options, Format>(make: (locale: string, options: Options) => Format) {
  const made = new Map<string, Format>();
  return (locale: string, options: Options): Format => {
    const key = `${locale}|${JSON.stringify(options)}`;
    let format = made.get(key);
    if (!format) {
      // Throws as the constructor does (an unknown currency code), and then caches nothing.
      format = make(locale, options);
      made.set(key, format);
    }
    return format;
  };
}

export const dateTimeFormat = cachedBy(
  (locale, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, options),
);
export const numberFormat = cachedBy(
  (locale, options: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, options),
);
