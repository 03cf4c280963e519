import { mountStandalone } from '@huddle/ui/standalone';
import App from './App';

mountStandalone(App, {
  remote: 'fan',
  roles: [0, 1, 11],
  accountFor: (role) =>
    role === 0 ? null : { id: 'standalone-fan', user_type: 1, profile_completed: role === 1, email: 'fan@huddle.test', first_name: 'Sam', last_name: 'Rivera' },
});
