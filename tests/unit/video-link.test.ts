import { describe, expect, it } from 'vitest';
import { autoplayUrl, parseIntroVideo, parseVideoId } from '../../src/shared/video-link';

describe('intro video links (spec §5)', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ&t=10', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/a_b-C1d2E3f', 'a_b-C1d2E3f'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
  ])('finds the 11-character id in %s', (link, id) => {
    expect(parseVideoId(link)).toBe(id);
    expect(parseIntroVideo(link)).toEqual({
      kind: 'embed',
      site: 'youtube',
      videoId: id,
      embedUrl: `https://www.youtube-nocookie.com/embed/${id}`,
    });
  });

  it.each([
    '/uploads/intro.mp4',
    'https://cdn.example.com/videos/intro.mp4',
    'https://www.youtube.com/watch?v=tooShort',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQextra',
    'https://notvimeo.com/123456789',
    'https://vimeo.com/about',
  ])('plays %s as a video file', (link) => {
    expect(parseVideoId(link)).toBeNull();
    expect(parseIntroVideo(link)).toEqual({ kind: 'file', url: link });
  });
});

describe('Vimeo links', () => {
  it.each([
    ['https://vimeo.com/76979871', '76979871'],
    ['https://www.vimeo.com/76979871?share=copy', '76979871'],
    ['https://player.vimeo.com/video/76979871', '76979871'],
    ['https://vimeo.com/channels/staffpicks/76979871', '76979871'],
  ])('finds the id in %s and uses the product image as the still', (link, id) => {
    expect(parseIntroVideo(link)).toEqual({ kind: 'embed', site: 'vimeo', videoId: id, embedUrl: `https://player.vimeo.com/video/${id}?dnt=1` });
  });

  it('starts the player when asked, keeping its own parameters', () => {
    expect(autoplayUrl('https://player.vimeo.com/video/76979871?dnt=1')).toBe('https://player.vimeo.com/video/76979871?dnt=1&autoplay=1');
    expect(autoplayUrl('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1');
  });
});
