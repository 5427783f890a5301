import { Fragment } from 'react';

/**
 * A host name that wraps only after its dots: a table cell otherwise breaks a long word anywhere (styles.css),
 * which cut `relay-01` into `rela` and `y-01` at 1000 px.
 */
export function HostName({ host }: { host: string }) {
  return (
    <span style={{ overflowWrap: 'normal' }}>
      {host.split('.').map((label, i) => (
        <Fragment key={i}>
          {i > 0 && (
            <>
              .<wbr />
            </>
          )}
          {label}
        </Fragment>
      ))}
    </span>
  );
}
