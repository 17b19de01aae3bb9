import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import styles from './console.module.css';
import { ConsoleField, inputProps } from './console-field';

const HEX = /^#[0-9a-fA-F]{6}$/;

/**
 * One colour: the browser's picker and the hex code as text, both labelled, kept in step (the picker writes the
 * field; the field drives the picker while it holds a full code). The text field is what the form registers.
 */
export function ColorField({
  label,
  value,
  registration,
  error,
  onPick,
}: {
  /** The field's name as shown: "Primary colour", "Colour". */
  label: string;
  value: string;
  registration: UseFormRegisterReturn;
  error: FieldError | undefined;
  onPick: (value: string) => void;
}) {
  const { t } = useTranslation('console');
  return (
    <ConsoleField label={label} error={error}>
      {(ids) => (
        <div className={styles.colorRow}>
          <input
            type="color"
            className={styles.swatch}
            aria-label={t('branding.colorPicker', { name: label })}
            value={HEX.test(value) ? value.toLowerCase() : '#000000'}
            onChange={(event) => onPick(event.target.value)}
          />
          <input
            {...inputProps(ids, error)}
            type="text"
            spellCheck={false}
            autoCapitalize="none"
            maxLength={7}
            {...registration}
          />
        </div>
      )}
    </ConsoleField>
  );
}
