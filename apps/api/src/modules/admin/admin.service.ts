import { Injectable } from '@nestjs/common';

/**
 * The administrator console's backend (/admin/*): user management, counters, payouts and custom
 * pushes. It owns no product data; it works through the exported services of the owning modules.
 */
@Injectable()
export class AdminService {}
