# The game bot in a container: slim Python, CJK-capable fonts for the images, a non-root user,
# and the SQLite file on a volume.
#   docker build -t boardgame-bot .
#   docker run -d --name boardgame-bot -e DISCORD_TOKEN=your-bot-token -v boardgame-data:/data boardgame-bot
FROM python:3.11-slim

RUN apt-get update \
    && apt-get install -y --no-install-recommends fonts-noto-cjk \
    && rm -rf /var/lib/apt/lists/*

WORKDIR /app
COPY pyproject.toml README.md ./
COPY games ./games
COPY renderers ./renderers
COPY bot ./bot
RUN pip install --no-cache-dir .

RUN useradd --create-home --uid 10001 bot && mkdir -p /data && chown bot:bot /data
USER bot

ENV BOT_DB_PATH=/data/bot.sqlite3 \
    BOARD_FONT=/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc \
    PYTHONUNBUFFERED=1
VOLUME ["/data"]

CMD ["python", "-m", "bot"]
