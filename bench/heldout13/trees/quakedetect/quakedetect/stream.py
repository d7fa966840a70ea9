"""SeedLink-over-websocket client feeding the station rings."""
from __future__ import annotations

import asyncio
import io
import logging

import aiohttp
from obspy import read

log = logging.getLogger("quakedetect.stream")
COMPONENTS = {"Z": 0, "N": 1, "E": 2, "1": 1, "2": 2}


async def feed(url: str, rings: dict) -> None:
    async with aiohttp.ClientSession() as session:
        while True:
            try:
                async with session.ws_connect(url, heartbeat=30) as ws:
                    await ws.send_json({"select": sorted(rings)})
                    async for msg in ws:
                        if msg.type != aiohttp.WSMsgType.BINARY:
                            continue
                        for tr in read(io.BytesIO(msg.data), format="MSEED"):
                            key = f"{tr.stats.network}.{tr.stats.station}"
                            ring = rings.get(key)
                            if ring is not None:
                                ring.push(COMPONENTS.get(tr.stats.channel[-1], 0), tr.data)
            except aiohttp.ClientError as exc:
                log.warning("seedlink connection lost (%s), reconnecting", exc)
                await asyncio.sleep(5)
