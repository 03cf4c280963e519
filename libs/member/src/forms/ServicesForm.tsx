import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import {
  ATHLETE_SERVICE_TYPES,
  isHourly,
  SERVICE_LABELS,
  SERVICE_RATE_LIMITS,
  serviceRateProblem,
  type AthleteServiceType,
  type ServiceSettings,
  type ServicesProblems,
} from '@huddle/domain';
import { Stepper, Switch } from '@huddle/ui';

export interface ServicesFormProps {
  value: ServiceSettings;
  onChange: (value: ServiceSettings) => void;
  /** Problems found when the step or page is submitted (with the form-wide one). */
  problems: ServicesProblems;
}

/**
 * Service toggles and rates (spec §2): each rate steps by 10 inside its limits (§9). A typed rate
 * is kept as typed and checked by the domain's rule as soon as it is left, so a 0 shows spec §5's
 * message instead of turning into the minimum.
 */
export function ServicesForm({ value, onChange, problems }: ServicesFormProps) {
  const { control, trigger, formState } = useForm<ServiceSettings>({ values: value, mode: 'onChange', resetOptions: { keepErrors: true } });
  const current = useWatch({ control });

  // Every change goes up to the owner (wizard draft or settings page), which submits it.
  useEffect(() => {
    if (JSON.stringify(current) !== JSON.stringify(value)) onChange(current as ServiceSettings);
  }, [current, value, onChange]);

  const rateError = (type: AthleteServiceType): string | undefined =>
    formState.errors[type]?.rate?.message ?? problems.rates[type];

  return (
    <div className="mb-services">
      {problems.form && (
        <p className="mb-services__error" role="alert">
          {problems.form}
        </p>
      )}
      <ul className="mb-services__list">
        {ATHLETE_SERVICE_TYPES.map((type) => {
          const limits = SERVICE_RATE_LIMITS[type];
          return (
            <li key={type} className="mb-services__item">
              <Controller
                control={control}
                name={`${type}.enabled`}
                render={({ field }) => (
                  <Switch
                    label={SERVICE_LABELS[type]}
                    description={isHourly(type) ? 'Rate per hour' : undefined}
                    checked={field.value}
                    onChange={(enabled) => {
                      field.onChange(enabled);
                      void trigger(`${type}.rate`);
                    }}
                  />
                )}
              />
              {current[type]?.enabled && (
                <Controller
                  control={control}
                  name={`${type}.rate`}
                  rules={{ validate: (rate, all) => (all[type].enabled ? (serviceRateProblem(type, rate) ?? true) : true) }}
                  render={({ field }) => (
                    <Stepper
                      label={`${SERVICE_LABELS[type]} rate`}
                      prefix="$"
                      value={field.value}
                      min={limits.min}
                      max={limits.max}
                      step={limits.step}
                      keepTyped
                      onChange={field.onChange}
                      error={rateError(type)}
                    />
                  )}
                />
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
