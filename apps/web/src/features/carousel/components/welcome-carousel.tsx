import { useEffect, useState } from 'react';
import { Box, IconButton, Link } from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { CAROUSEL_LIMITS } from '@keystone/contracts';
import { useCarouselImages } from '../api/carousel-api';

/** How long each image shows before the next (ours: the spec names no interval). */
const ROTATE_MS = 6_000;

/**
 * The saved carousel as the welcome page shows it (002 §2 Home, §7): one 1200x300 image at a time, each a link,
 * turning every 6 seconds (paused while the pointer or focus is on it), with previous and next buttons. Nothing
 * when the carousel cannot be read or is empty.
 */
export function WelcomeCarousel() {
  const { data } = useCarouselImages();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = data?.length ?? 0;
  useEffect(() => {
    if (count < 2 || paused) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), ROTATE_MS);
    return () => clearInterval(timer);
  }, [count, paused]);
  if (!data || count === 0) return null;
  const current = data[index % count]!;
  const step = (by: number) => setIndex((i) => (i + by + count) % count);
  return (
    <Box
      component="section"
      aria-label="Carousel"
      aria-roledescription="carousel"
      data-testid="welcome-carousel"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      sx={{ position: 'relative', maxWidth: CAROUSEL_LIMITS.width, mb: 3 }}
    >
      <Link href={current.link} target="_blank" rel="noopener noreferrer" sx={{ display: 'block' }}>
        <Box
          component="img"
          src={current.image}
          alt={`Carousel image ${(index % count) + 1} of ${count}`}
          sx={{
            display: 'block',
            width: '100%',
            aspectRatio: `${CAROUSEL_LIMITS.width} / ${CAROUSEL_LIMITS.height}`,
            objectFit: 'cover',
            borderRadius: 1,
          }}
        />
      </Link>
      {count > 1 && (
        <>
          <IconButton
            aria-label="Previous image"
            onClick={() => step(-1)}
            sx={{
              position: 'absolute',
              left: 4,
              top: '50%',
              transform: 'translateY(-50%)',
              bgcolor: 'background.paper',
              '&:hover': { bgcolor: 'background.paper' },
            }}
            size="small"
          >
            <ChevronLeftIcon />
          </IconButton>
          <IconButton
            aria-label="Next image"
            onClick={() => step(1)}
            sx={{
              position: 'absolute',
              right: 4,
              top: '50%',
              transform: 'translateY(-50%)',
              bgcolor: 'background.paper',
              '&:hover': { bgcolor: 'background.paper' },
            }}
            size="small"
          >
            <ChevronRightIcon />
          </IconButton>
        </>
      )}
    </Box>
  );
}
