import type { HTMLAttributes, Key } from 'react';

type OptionProps = HTMLAttributes<HTMLLIElement> & { key: Key };

/** An Autocomplete option (its renderOption): the name, with a smaller second line (an e-mail, a client) when there is one. */
export function renderOptionWithDetail(props: OptionProps, name: string, detail: string | undefined) {
  const { key, ...rest } = props;
  return (
    <li key={key} {...rest}>
      <span>
        {name}
        {detail && <span style={{ display: 'block', fontSize: '0.8em', opacity: 0.7 }}>{detail}</span>}
      </span>
    </li>
  );
}
