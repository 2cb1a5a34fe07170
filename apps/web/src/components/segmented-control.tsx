export interface SegmentOption<T extends string | number> {
  value: T;
  label: string;
  title?: string;
}

/** A row of toggle buttons, one pressed (the server browser's period control, in the same look). */
export function SegmentedControl<T extends string | number>({
  label,
  options,
  value,
  onChange,
  disabled = false,
}: {
  label: string;
  options: readonly SegmentOption<T>[];
  value: T;
  onChange: (value: T) => void;
  disabled?: boolean;
}) {
  return (
    <div
      role="group"
      aria-label={label}
      className="inline-flex max-w-full flex-wrap rounded-lg border border-line bg-canvas p-1"
    >
      {options.map((option) => {
        const pressed = option.value === value;
        return (
          <button
            key={String(option.value)}
            type="button"
            aria-pressed={pressed}
            title={option.title}
            disabled={disabled}
            onClick={() => {
              if (!pressed) onChange(option.value);
            }}
            className={`rounded-md px-2 py-1 text-xs font-semibold tracking-wide whitespace-nowrap uppercase transition-colors disabled:cursor-not-allowed sm:px-2.5 ${
              pressed ? 'bg-accent text-accent-ink shadow-sm' : 'text-muted hover:text-ink disabled:hover:text-muted'
            } ${disabled && !pressed ? 'opacity-60' : ''}`}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
