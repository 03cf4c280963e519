import { Logger, Module } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import places from './data/us-places.json';
import { GazetteerGeocoder, readPlaceRows } from './geocoding/gazetteer-geocoder';
import { Geocoder } from './geocoding/geocoder';
import { NominatimGeocoder } from './geocoding/nominatim-geocoder';
import { MapsController } from './maps.controller';
import { MapsService } from './maps.service';
import { PlaceLabels } from './place-labels';

/** Nominatim when GEOCODER_URL is configured, otherwise the offline gazetteer (DESIGN: real adapter, embedded default). */
export function createGeocoder(config: AppConfig): Geocoder {
  const geocoder = config.GEOCODER_URL
    ? new NominatimGeocoder({ url: config.GEOCODER_URL, userAgent: config.GEOCODER_USER_AGENT })
    : new GazetteerGeocoder(readPlaceRows(places));
  new Logger('Maps').log(`Geocoding with ${geocoder.description}`);
  return geocoder;
}

@Module({
  controllers: [MapsController],
  providers: [
    MapsService,
    { provide: Geocoder, inject: [AppConfig], useFactory: createGeocoder },
    // The offline map's city labels come from the gazetteer whichever geocoder answers searches.
    { provide: PlaceLabels, useFactory: () => new PlaceLabels(readPlaceRows(places)) },
  ],
})
export class MapsModule {}
