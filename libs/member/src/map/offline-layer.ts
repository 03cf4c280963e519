import L from 'leaflet';
import { createElementObject, createTileLayerComponent, type LayerProps, updateGridLayer, withPane } from '@react-leaflet/core';
import { coordinateLabel, gridLines, gridStep, mercatorY, tileBounds } from './map-geometry';

const TILE_SIZE = 256;

/**
 * The coordinate grid of the offline map (see OfflineBasemap): transparent tiles with latitude and
 * longitude lines and their labels, drawn in the browser over the boundaries.
 */
export class OfflineBaseLayer extends L.GridLayer {
  override createTile(coords: L.Coords): HTMLElement {
    const canvas = document.createElement('canvas');
    const ratio = window.devicePixelRatio || 1;
    canvas.width = TILE_SIZE * ratio;
    canvas.height = TILE_SIZE * ratio;
    const context = canvas.getContext('2d');
    if (!context) return canvas;
    context.scale(ratio, ratio);

    const bounds = tileBounds(coords.x, coords.y, coords.z);
    const step = gridStep(coords.z);
    const top = mercatorY(bounds.north);
    const bottom = mercatorY(bounds.south);
    const xOf = (lng: number) => ((lng - bounds.west) / (bounds.east - bounds.west)) * TILE_SIZE;
    const yOf = (lat: number) => ((top - mercatorY(lat)) / (top - bottom)) * TILE_SIZE;

    context.strokeStyle = 'rgba(120, 135, 160, 0.18)';
    context.lineWidth = 1;
    context.fillStyle = 'rgba(90, 104, 128, 0.7)';
    context.font = '10px system-ui, sans-serif';
    for (const lng of gridLines(bounds.west, bounds.east, step)) {
      const x = Math.round(xOf(lng)) + 0.5;
      context.beginPath();
      context.moveTo(x, 0);
      context.lineTo(x, TILE_SIZE);
      context.stroke();
      context.fillText(coordinateLabel(lng, 'lng', step), x + 3, TILE_SIZE - 4);
    }
    for (const lat of gridLines(bounds.south, bounds.north, step)) {
      const y = Math.round(yOf(lat)) + 0.5;
      context.beginPath();
      context.moveTo(0, y);
      context.lineTo(TILE_SIZE, y);
      context.stroke();
      context.fillText(coordinateLabel(lat, 'lat', step), 3, y - 3);
    }
    return canvas;
  }
}

/** The coordinate grid as a react-leaflet layer: `<CoordinateGrid pane=... attribution=... />`. */
export const CoordinateGrid = createTileLayerComponent<OfflineBaseLayer, LayerProps & L.GridLayerOptions>(
  (props, context) => createElementObject(new OfflineBaseLayer(withPane(props, context)), context),
  updateGridLayer,
);
