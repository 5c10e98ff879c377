import { describe, expect, it } from 'vitest';
import { defaultHeroConfig, type HeroConfig } from '../../src/shared/schemas';
import { fallbackHeroImage, heroStill, heroVideos } from '../../src/shared/hero-view';
import { heroOpeningLine } from '../../src/web/admin/components/ui/hero-first-view';

const hero = (fields: Partial<HeroConfig>): HeroConfig => ({ ...defaultHeroConfig(), ...fields });
const item = { title: 'Logo Basics', image: '/uploads/tile.jpg' };

describe('what visitors see of a hero', () => {
  it('takes the item image only where the hero has neither image nor background colour', () => {
    expect(fallbackHeroImage(hero({}), '/tile.jpg')).toBe('/tile.jpg');
    expect(fallbackHeroImage(hero({ heroImage: '/hero.jpg' }), '/tile.jpg')).toBe('/hero.jpg');
    expect(fallbackHeroImage(hero({ backgroundColor: '#123456' }), '/tile.jpg')).toBe('');
  });

  it('orders the still view and the videos as the public hero plays them', () => {
    expect(heroStill(hero({ heroImage: '/a.jpg', backgroundColor: '#123456' }))).toBe('image');
    expect(heroStill(hero({ backgroundColor: '#123456' }))).toBe('colour');
    expect(heroStill(hero({}))).toBe('gradient');
    expect(heroVideos(hero({ introVideo: '/i.mp4', loopVideo: '/l.mp4' }))).toEqual(['intro', 'loop']);
    expect(heroVideos(hero({ loopVideo: '/l.mp4' }))).toEqual(['loop']);
    expect(heroVideos(hero({}))).toEqual([]);
  });

  it('tells the admin which one visitors see first', () => {
    expect(heroOpeningLine(hero({ heroImage: '/a.jpg' }))).toBe('Visitors see the hero image.');
    expect(heroOpeningLine(hero({ heroImage: '/a.jpg', introVideo: '/i.mp4', loopVideo: '/l.mp4' }))).toBe(
      'Visitors see the hero image first; after 1 second the intro video plays, then the loop video. Visitors who ask for less motion keep the hero image.',
    );
    expect(heroOpeningLine(hero({ loopVideo: '/l.mp4' }), item)).toBe(
      'Visitors see the item’s tile image first; after 1 second the loop video plays. Visitors who ask for less motion keep the item’s tile image.',
    );
    expect(heroOpeningLine(hero({ backgroundColor: '#123456' }), item)).toBe('Visitors see the background colour.');
    // The homepage and about heroes have no item to fall back on.
    expect(heroOpeningLine(hero({}))).toBe('Visitors see a plain gradient in the theme colour.');
  });
});
