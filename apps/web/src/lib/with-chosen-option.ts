/** An Autocomplete's options with the chosen one first when the loaded page of options misses it. */
export function withChosenOption<T extends { id: string }>(options: T[], chosen: T | null): T[] {
  return chosen && !options.some((option) => option.id === chosen.id) ? [chosen, ...options] : options;
}
