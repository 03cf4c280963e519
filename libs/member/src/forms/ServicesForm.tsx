import { ATHLETE_SERVICE_TYPES, isHourly, SERVICE_LABELS, SERVICE_RATE_LIMITS, type ServiceSettings, type ServicesProblems } from '@huddle/domain';
import { Stepper, Switch } from '@huddle/ui';

export interface ServicesFormProps {
  value: ServiceSettings;
  onChange: (value: ServiceSettings) => void;
  problems: ServicesProblems;
}

/** Service toggles and rates (spec §2): each rate steps by 10 inside its limits (§9). */
export function ServicesForm({ value, onChange, problems }: ServicesFormProps) {
  return (
    <div className="mb-services">
      {problems.form && (
        <p className="mb-services__error" role="alert">
          {problems.form}
        </p>
      )}
      <ul className="mb-services__list">
        {ATHLETE_SERVICE_TYPES.map((type) => {
          const setting = value[type];
          const limits = SERVICE_RATE_LIMITS[type];
          return (
            <li key={type} className="mb-services__item">
              <Switch
                label={SERVICE_LABELS[type]}
                description={isHourly(type) ? 'Rate per hour' : undefined}
                checked={setting.enabled}
                onChange={(enabled) => onChange({ ...value, [type]: { ...setting, enabled } })}
              />
              {setting.enabled && (
                <Stepper
                  label={`${SERVICE_LABELS[type]} rate`}
                  prefix="$"
                  value={setting.rate}
                  min={limits.min}
                  max={limits.max}
                  step={limits.step}
                  onChange={(rate) => onChange({ ...value, [type]: { ...setting, rate } })}
                  error={problems.rates[type]}
                />
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
