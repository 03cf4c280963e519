import { mountStandalone } from '@huddle/ui/standalone';
import App from './App';

mountStandalone(App, {
  remote: 'admin',
  roles: [4],
  accountFor: () => ({ id: 'standalone-admin', user_type: 4, profile_completed: true, email: 'admin@huddle.test', first_name: 'Avery', last_name: 'Admin' }),
});
