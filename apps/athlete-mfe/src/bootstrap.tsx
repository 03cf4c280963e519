import { mountStandalone } from '@huddle/ui/standalone';
import App from './App';

mountStandalone(App, {
  remote: 'athlete',
  roles: [2, 12],
  accountFor: (role) => ({ id: 'standalone-athlete', user_type: 2, profile_completed: role === 2, email: 'athlete@huddle.test', first_name: 'Jordan', last_name: 'Lee', username: 'jordan.lee' }),
});
